package messages

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// keyArgument is, for each error constructor, the position of its message key (httpx.Error
// and readapi's apiError take status, field, key).
var keyArgument = map[string]int{"apiError": 2, "Error": 2, "InvalidField": 1, "Refusal": 1}

// serverKeys reads every message key the production Go code can answer: string literals and
// constants passed as the key of httpx.Error, apiError, domain.InvalidField and
// domain.Refusal, and the Key field of domain.Error and FieldError literals. A constant is
// resolved in its package (domain.KeyNotFound and request.KeyNotFound are two keys).
func serverKeys(t *testing.T, root string) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	consts := map[string]string{} // "portal/<dir>.Name" → value
	type file struct {
		ast     *ast.File
		pkg     string            // the file's import path
		imports map[string]string // name in the file → import path
	}
	var files []file
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "web" || d.Name() == "tools" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		fl := file{ast: f, pkg: path.Join("portal", filepath.ToSlash(rel)), imports: map[string]string{}}
		for _, im := range f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			name := path.Base(ip)
			if im.Name != nil {
				name = im.Name.Name
			}
			fl.imports[name] = ip
		}
		files = append(files, fl)
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						if s, ok := stringOf(vs.Values[i]); ok {
							consts[fl.pkg+"."+n.Name] = s
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{}
	for _, f := range files {
		resolve := func(e ast.Expr) (string, bool) {
			switch x := e.(type) {
			case *ast.Ident:
				s, ok := consts[f.pkg+"."+x.Name]
				return s, ok
			case *ast.SelectorExpr:
				if pkg, ok := x.X.(*ast.Ident); ok {
					s, ok := consts[f.imports[pkg.Name]+"."+x.Sel.Name]
					return s, ok
				}
			}
			return stringOf(e)
		}
		add := func(e ast.Expr) {
			if s, ok := resolve(e); ok {
				keys[s] = fset.Position(e.Pos()).String()
			}
		}
		ast.Inspect(f.ast, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				if i, ok := keyArgument[nameOf(x.Fun)]; ok && len(x.Args) > i {
					add(x.Args[i])
				}
			case *ast.CompositeLit:
				typ := nameOf(x.Type)
				field := map[string]string{"Error": "Key", "FieldError": "Message"}[typ]
				for _, el := range x.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok && field != "" {
						if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
							add(kv.Value)
						}
					}
				}
			}
			return true
		})
	}
	return keys
}

// nameOf is the last name of a function or type expression: apiError, domain.Refusal → Refusal.
func nameOf(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	}
	return ""
}

// stringOf is the string a literal spells.
func stringOf(e ast.Expr) (string, bool) {
	if x, ok := e.(*ast.BasicLit); ok && x.Kind == token.STRING {
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	}
	return "", false
}

// translated is every leaf key of a language's namespaces.
func translated(t *testing.T, dir string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no translations in %s: %v", dir, err)
	}
	out := map[string]bool{}
	var walk func(map[string]any)
	walk = func(m map[string]any) {
		for k, v := range m {
			if sub, ok := v.(map[string]any); ok {
				walk(sub)
			} else if s, _ := v.(string); s != "" {
				out[k] = true
			}
		}
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		walk(m)
	}
	return out
}

// Every message key the server answers is translated in pt, en and es: a key added in Go
// without its translations fails here, naming where it is used.
func TestEveryServerMessageIsTranslated(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	keys := serverKeys(t, root)
	if len(keys) < 80 {
		t.Fatalf("found only %d message keys: the scan is broken", len(keys))
	}
	for _, lng := range []string{"pt", "en", "es"} {
		have := translated(t, filepath.Join(root, "web/src/i18n", lng))
		var missing []string
		for k, where := range keys {
			// An area's own keys ("rep.period_future") are its namespace's leaves.
			_, leaf, namespaced := strings.Cut(k, ".")
			if !have[k] && !(namespaced && have[leaf]) {
				missing = append(missing, k+" ("+where+")")
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s: %d server message keys without a translation:\n  %s", lng, len(missing), strings.Join(missing, "\n  "))
		}
	}
}
