// Package safehtml cleans the HTML of a tenant's e-mail templates (spec portal-business §2,
// block 1500) with bluemonday's allow-list: what a mail template needs stays (text
// formatting, headings, lists, tables and their layout attributes, links, images, inline
// styles of plain presentation properties); scripts, event handlers, javascript: and other
// non-web URLs, frames, forms and style sheets go. Templates are cleaned when saved and
// again when sent, so one saved before this cleaning or written around the settings command
// goes out clean too.
package safehtml

import (
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

var policy = newPolicy()

func newPolicy() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	// A mail is not a page of user comments: its links are the company's own.
	p.RequireNoFollowOnLinks(false)
	p.AllowAttrs("target").Matching(regexp.MustCompile(`^_blank$`)).OnElements("a")
	// The layout attributes of table-built mails.
	p.AllowAttrs("align", "valign", "width", "height", "bgcolor", "border", "cellpadding", "cellspacing").
		OnElements("table", "thead", "tbody", "tfoot", "tr", "td", "th", "img")
	p.AllowElements("center", "font")
	p.AllowAttrs("color", "face", "size").OnElements("font")
	// bluemonday checks each property's value (no url(), no expression()).
	p.AllowStyles("color", "background-color", "font-family", "font-size", "font-weight", "font-style",
		"text-align", "text-decoration", "line-height", "letter-spacing", "vertical-align", "display",
		"margin", "margin-top", "margin-right", "margin-bottom", "margin-left",
		"padding", "padding-top", "padding-right", "padding-bottom", "padding-left",
		"border", "border-top", "border-right", "border-bottom", "border-left", "border-color",
		"border-width", "border-style", "border-radius", "border-collapse",
		"width", "max-width", "min-width", "height").Globally()
	return p
}

// variable is a template's {var} placeholder; marker is how it passes the sanitizer (braces
// in a link would come back percent-encoded, and the link would no longer be filled in).
var (
	variable = regexp.MustCompile(`\{([A-Za-z]+)\}`)
	marker   = regexp.MustCompile(`xqvarq([A-Za-z]+)qxq`)
)

// Template is the markup of an e-mail template with everything the allow-list does not
// name removed; its {var} placeholders are kept as written.
func Template(html string) string {
	out := policy.Sanitize(variable.ReplaceAllString(html, "xqvarq${1}qxq"))
	return marker.ReplaceAllString(out, "{${1}}")
}
