// The `Generators` module.
