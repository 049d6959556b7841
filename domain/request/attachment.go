package request

import (
	"bytes"
	"path"
	"strings"
	"unicode/utf8"
)

// MaxFileSize is the largest attachment accepted (10 MB).
const MaxFileSize = 10 << 20

// File kinds (§2: documents carry an icon by type: PDF, DOC, XLS, TXT, JPG; PNG too).
const (
	FilePDF = "pdf"
	FileDOC = "doc"
	FileXLS = "xls"
	FileTXT = "txt"
	FileJPG = "jpg"
	FilePNG = "png"
)

// extensions maps a file name's extension to the kind its content must have and the
// content signature family it must show.
var extensions = map[string]struct{ kind, family string }{
	".pdf": {FilePDF, "pdf"}, ".doc": {FileDOC, "ole"}, ".docx": {FileDOC, "zip"},
	".xls": {FileXLS, "ole"}, ".xlsx": {FileXLS, "zip"}, ".txt": {FileTXT, "text"},
	".jpg": {FileJPG, "jpeg"}, ".jpeg": {FileJPG, "jpeg"}, ".png": {FilePNG, "png"},
}

// ContentTypes is the Content-Type each kind is served with.
var ContentTypes = map[string]string{
	FilePDF: "application/pdf", FileDOC: "application/msword", FileXLS: "application/vnd.ms-excel",
	FileTXT: "text/plain; charset=utf-8", FileJPG: "image/jpeg", FilePNG: "image/png",
}

// family sniffs the content's signature: the name's extension alone is never trusted.
func family(content []byte) string {
	switch {
	case bytes.HasPrefix(content, []byte("%PDF-")):
		return "pdf"
	case bytes.HasPrefix(content, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}):
		return "ole" // the compound file of .doc and .xls
	case bytes.HasPrefix(content, []byte("PK\x03\x04")):
		return "zip" // .docx and .xlsx
	case bytes.HasPrefix(content, []byte{0xFF, 0xD8, 0xFF}):
		return "jpeg"
	case bytes.HasPrefix(content, []byte("\x89PNG\r\n\x1a\n")):
		return "png"
	case len(content) > 0 && utf8.Valid(content) && !bytes.ContainsRune(content, 0):
		return "text"
	}
	return ""
}

// CheckFile tells the kind of an upload, or refuses it: over MaxFileSize, empty, a name
// without one of the admitted extensions, or content whose signature is not the one the
// extension promises (a renamed executable is refused).
func CheckFile(name string, content []byte) (kind string, err error) {
	if len(content) > MaxFileSize {
		return "", refusedTooLarge
	}
	ext, ok := extensions[strings.ToLower(path.Ext(name))]
	if !ok || len(content) == 0 || family(content) != ext.family {
		return "", invalid("file", KeyFileType)
	}
	return ext.kind, nil
}

var refusedTooLarge = invalid("file", KeyFileTooLarge)

// CleanFileName keeps the base name, without control characters or path separators, at
// most MaxText characters.
func CleanFileName(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = path.Base(strings.TrimSpace(name))
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' {
			return -1
		}
		return r
	}, name)
	if r := []rune(name); len(r) > MaxText {
		name = string(r[len(r)-MaxText:])
	}
	if name == "." || name == "/" {
		return ""
	}
	return name
}
