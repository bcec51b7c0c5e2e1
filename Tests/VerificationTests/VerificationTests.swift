// The VerificationTests test target; its suites live beside this file.
