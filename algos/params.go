package algos

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Param is one option of Options settable by name (--param name=value on
// search, the params key of a sweep): every exported field, the fields of
// embedded structs included, under its JSON name. An algorithm's own
// options (a struct embedded in Options, in the algorithm's file) are
// reachable this way with no change to the command layer.
type Param struct {
	Name string
	Kind string // bool, int, uint, float, duration or string
	v    reflect.Value
	omit bool // stored in JSON only when not zero
}

// params lists o's settable fields.
func params(o *Options) []Param {
	var out []Param
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				walk(v.Field(i))
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			out = append(out, Param{Name: name, Kind: kindOf(f.Type), v: v.Field(i), omit: omitted(f.Tag.Get("json"))})
		}
	}
	walk(reflect.ValueOf(o).Elem())
	return out
}

// omitted reports whether a JSON tag leaves the field out when zero.
func omitted(tag string) bool {
	_, opts, _ := strings.Cut(tag, ",")
	return slices.Contains(strings.Split(opts, ","), "omitempty") || slices.Contains(strings.Split(opts, ","), "omitzero")
}

// String is the parameter's value as SetParams reads it.
func (p Param) String() string {
	if p.Kind == "duration" {
		return time.Duration(p.v.Int()).String()
	}
	return fmt.Sprint(p.v.Interface())
}

// paramAliases are names SetParams reads besides the fields': each sets
// a field to the negation of the value given (no_killer_handover=true is
// killer_handover=false).
var paramAliases = map[string]string{"no_killer_handover": "killer_handover"}

func kindOf(t reflect.Type) string {
	if t == reflect.TypeOf(time.Duration(0)) {
		return "duration"
	}
	switch t.Kind() {
	case reflect.Bool:
		return "bool"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "int"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "uint"
	case reflect.Float32, reflect.Float64:
		return "float"
	}
	return "string"
}

// ParamNames lists the names SetParams accepts, sorted.
func ParamNames() []string {
	var o Options
	var out []string
	for _, p := range params(&o) {
		out = append(out, p.Name)
	}
	slices.Sort(out)
	return out
}

// ParamList lists the options SetParams sets, with their kinds.
func ParamList() []Param {
	var o Options
	out := params(&o)
	for i := range out {
		out[i].v = reflect.Value{}
	}
	return out
}

// SetParams sets options of o from "name=value,name=value" (JSON names of
// Options' fields: tt_bits=16, spawn_height=4, granularity=3). A duration
// takes Go's syntax (time_ns=2s). The error names the pair and what is
// allowed.
func SetParams(o *Options, s string) error {
	ps := params(o)
	for _, kv := range strings.Split(s, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if to, alias := paramAliases[k]; alias {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return fmt.Errorf("%s: %q is not true or false", k, v)
			}
			k, v = to, strconv.FormatBool(!b)
		}
		i := slices.IndexFunc(ps, func(p Param) bool { return p.Name == k })
		if !ok || i < 0 {
			return fmt.Errorf("%q: want name=value with a name from %s", kv, strings.Join(ParamNames(), ", "))
		}
		if err := ps[i].set(v); err != nil {
			return fmt.Errorf("%s: %q is not %s", k, v, map[string]string{"bool": "true or false", "int": "an integer",
				"uint": "an integer ≥ 0", "float": "a number", "duration": "a duration such as 500ms", "string": "a string"}[ps[i].Kind])
		}
	}
	return nil
}

func (p Param) set(s string) error {
	switch p.Kind {
	case "duration":
		d, err := time.ParseDuration(s)
		if err != nil {
			return err
		}
		p.v.SetInt(int64(d))
	case "bool":
		b, err := strconv.ParseBool(s)
		if err != nil {
			return err
		}
		p.v.SetBool(b)
	case "int":
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || p.v.OverflowInt(n) {
			return fmt.Errorf("bad int")
		}
		p.v.SetInt(n)
	case "uint":
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil || p.v.OverflowUint(n) {
			return fmt.Errorf("bad uint")
		}
		p.v.SetUint(n)
	case "float":
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return err
		}
		p.v.SetFloat(x)
	default:
		p.v.SetString(s)
	}
	return nil
}
