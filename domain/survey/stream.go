package survey

import "fmt"

// The survey area's streams, each named by one function that the commands, the seed and the
// audit area all use.

// Stream names the stream of a survey, "survey-<id>".
func Stream(id fmt.Stringer) string { return "survey-" + id.String() }

// ResponseStream names the stream of one person's response, "surveyresponse-<id>" (the id
// is derived, so the response stays anonymous).
func ResponseStream(id fmt.Stringer) string { return "surveyresponse-" + id.String() }

// PDIStream names the stream of a person's development plan, "pdi-<userId>".
func PDIStream(user fmt.Stringer) string { return "pdi-" + user.String() }
