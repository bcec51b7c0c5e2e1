// The GeneratorsTests test target; its suites live beside this file.
