package experiment

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"splitpoint/lab"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Load reads a spec file (YAML). Every error names the file and line.
//
// A spec is one mapping; lists are YAML sequences or comma-separated
// scalars, and costs may be a mapping or a key=value,… string:
//
//	positions: [suite:kaufman#1-3, "uniform:b=4,d=6,seed=1"]
//	algos: [scout, pnegamax, jamboree+serialize2+deferred]
//	depth: 5            # or time: 2s for serial algorithms
//	workers: [1, 2]     # goroutine pool sizes
//	sim: [1, 4, 16, inf]
//	reps: 3
//	seeds: [1, 2]
//	tt: 16              # 2^16 entries; 0 = off
//	costs: {node: 1, steal: 20, migrate: 5}
//	levels: false
//	levelwait: false
//	baseline: scout
func Load(path string) (*Spec, error) { return load(path, nil) }

// LoadIn is Load of a spec of the tables tab (NewSpecIn).
func LoadIn(path string, tab lab.Tables) (*Spec, error) { return load(path, &tab) }

func load(path string, tab *lab.Tables) (*Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSpecFile+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSpecFile {
		return nil, fmt.Errorf("%s: larger than %d MiB, the limit of a spec file", path, MaxSpecFile>>20)
	}
	return parse(path, data, tab)
}

// MaxSpecFile is the largest spec file Load reads (16 MiB): a larger or
// endless one (/dev/zero) is an error, not a read of every byte.
const MaxSpecFile = 16 << 20

var yamlLine = regexp.MustCompile(`^yaml: (?:unmarshal errors:\s*)?line (\d+): (.*)$`)

// Parse reads a spec from data; name is the file name used in errors.
func Parse(name string, data []byte) (*Spec, error) {
	return parse(name, data, nil)
}

// ParseIn is Parse of a spec of the tables tab (NewSpecIn).
func ParseIn(name string, data []byte, tab lab.Tables) (*Spec, error) {
	return parse(name, data, &tab)
}

// parse is ParseIn of tab, nil for the default tables.
func parse(name string, data []byte, tp *lab.Tables) (*Spec, error) {
	s := newSpec(tp)
	tab := s.Req.Tables()
	s.file = name
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		msg := strings.TrimSpace(err.Error())
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			n, _ := strconv.Atoi(m[1])
			return nil, &Error{File: name, Line: n, Msg: m[2]}
		}
		return nil, &Error{File: name, Line: 1, Msg: strings.TrimPrefix(msg, "yaml: ")}
	}
	if root.Kind == 0 || len(root.Content) == 0 {
		return nil, &Error{File: name, Line: 1, Msg: "empty spec (want a mapping of " + strings.Join(KeysIn(tab), ", ") + ")"}
	}
	doc := root.Content[0]
	if doc.Kind != yaml.MappingNode {
		return nil, &Error{File: name, Line: doc.Line, Msg: "want a mapping of " + strings.Join(KeysIn(tab), ", ")}
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(doc.Content); i += 2 {
		k, v := doc.Content[i], doc.Content[i+1]
		key := k.Value
		if !known(tab, key) {
			return nil, &Error{File: name, Line: k.Line, Msg: fmt.Sprintf("unknown key %q (keys: %s)", key, strings.Join(KeysIn(tab), ", "))}
		}
		if key == "seed" {
			key = "seeds"
		}
		if at, dup := seen[key]; dup {
			return nil, &Error{File: name, Line: k.Line, Key: key, Msg: fmt.Sprintf("given twice (first at line %d)", at)}
		}
		seen[key] = k.Line
		items, err := nodeItems(name, key, v)
		if err != nil {
			return nil, err
		}
		if err := s.set(key, k.Line, items); err != nil {
			return nil, err
		}
	}
	if err := s.Check(); err != nil {
		return nil, err
	}
	return s, nil
}

func known(tab lab.Tables, key string) bool {
	for _, k := range KeysIn(tab) {
		if k == key {
			return true
		}
	}
	return key == "seed"
}

// nodeItems turns the value of key into items with their lines.
func nodeItems(file, key string, v *yaml.Node) ([]item, error) {
	bad := func(n *yaml.Node, format string, args ...any) error {
		return &Error{File: file, Line: n.Line, Key: key, Msg: fmt.Sprintf(format, args...)}
	}
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag == "!!null" {
			return nil, bad(v, "no value")
		}
		var parts []string
		switch key {
		case "positions":
			parts = SplitPositions(v.Value)
		case "costs", "baseline", "time":
			parts = []string{v.Value}
		default:
			parts = strings.Split(v.Value, ",")
		}
		var items []item
		for _, p := range parts {
			items = append(items, item{s: strings.TrimSpace(p), line: v.Line})
		}
		return items, nil
	case yaml.SequenceNode:
		var items []item
		for _, c := range v.Content {
			if c.Kind != yaml.ScalarNode || c.Tag == "!!null" {
				return nil, bad(c, "want a plain value in the list")
			}
			items = append(items, item{s: c.Value, line: c.Line})
		}
		if len(items) == 0 {
			return nil, bad(v, "empty list")
		}
		return items, nil
	case yaml.MappingNode:
		if key != "costs" {
			return nil, bad(v, "want a value or a list, not a mapping")
		}
		var items []item
		for i := 0; i+1 < len(v.Content); i += 2 {
			ck, cv := v.Content[i], v.Content[i+1]
			if cv.Kind != yaml.ScalarNode {
				return nil, bad(cv, "cost %s: want a number", ck.Value)
			}
			items = append(items, item{s: ck.Value + "=" + cv.Value, line: ck.Line})
		}
		return items, nil
	}
	return nil, bad(v, "want a value or a list")
}
