// The `Verification` module.
