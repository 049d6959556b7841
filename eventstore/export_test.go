package eventstore

// For chaincontent_test.go (package eventstore_test): the Go chain content and its columns.
var (
	AppendChainContent = appendChainContent
	ChainCols          = chainCols
)
