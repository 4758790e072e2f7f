package algos

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestRowsHaveFiles checks what takes the place of a hand-kept file map:
// each row of the algorithm table has its name declared (its Algo
// constant) in a file of the package whose comments cite the row's
// source by its first word (an author, a paper or a program).
func TestRowsHaveFiles(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]*ast.File{} // algorithm name → the file declaring its constant
	names := map[*ast.File]string{}
	for _, f := range pkgs["algos"].Files {
		names[f] = filepath.Base(fset.Position(f.Package).Filename)
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, sp := range g.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i >= len(vs.Values) {
						break
					}
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && strings.HasPrefix(n.Name, "Algo") && lit.Kind == token.STRING {
						v, _ := strconv.Unquote(lit.Value)
						declared[v] = f
					}
				}
			}
		}
	}
	for _, a := range Table() {
		f, ok := declared[a.Name]
		if !ok {
			t.Errorf("no file declares a constant Algo… = %q", a.Name)
			continue
		}
		var text strings.Builder
		for _, c := range f.Comments {
			text.WriteString(c.Text())
		}
		if who := strings.Fields(a.Cite)[0]; !strings.Contains(text.String(), strings.TrimRight(who, ",;")) {
			t.Errorf("%s declares %s but its comments do not cite %q (the row's %q)", names[f], a.Name, who, a.Cite)
		}
	}
}
