package messages

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
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
// domain.Refusal, and the Key field of domain.Error and FieldError literals.
func serverKeys(t *testing.T, root string) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	consts := map[string]string{} // constant name → value (every package; names are distinct enough)
	var files []*ast.File
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
		files = append(files, f)
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						if s, ok := stringOf(vs.Values[i], nil); ok {
							consts[n.Name] = s
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
	add := func(e ast.Expr) {
		if s, ok := stringOf(e, consts); ok {
			keys[s] = fset.Position(e.Pos()).String()
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
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

// stringOf is the string an expression spells: a literal, or a constant by its name.
func stringOf(e ast.Expr, consts map[string]string) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			s, err := strconv.Unquote(x.Value)
			return s, err == nil
		}
	case *ast.Ident:
		s, ok := consts[x.Name]
		return s, ok
	case *ast.SelectorExpr:
		s, ok := consts[x.Sel.Name]
		return s, ok
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
			if !have[k] {
				missing = append(missing, k+" ("+where+")")
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s: %d server message keys without a translation:\n  %s", lng, len(missing), strings.Join(missing, "\n  "))
		}
	}
}
