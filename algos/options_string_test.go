package algos

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestOptionsStringHoldsEverySetting: with every field of Options set,
// the printed options line (Options.String) names each one, and giving
// it back as --param (SetParams) makes the same Options: a result's
// options line reproduces it.
func TestOptionsStringHoldsEverySetting(t *testing.T) {
	var o Options
	var fill func(v reflect.Value)
	fill = func(v reflect.Value) {
		for i := range v.NumField() {
			f, ft := v.Field(i), v.Type().Field(i)
			if !ft.IsExported() {
				continue
			}
			switch {
			case ft.Type == reflect.TypeOf(time.Duration(0)):
				f.SetInt(int64(1500 * time.Millisecond))
			case f.Kind() == reflect.Struct:
				fill(f)
			case f.Kind() == reflect.Bool:
				f.SetBool(true)
			case f.CanInt():
				f.SetInt(int64(i + 2))
			case f.CanUint():
				f.SetUint(uint64(i + 3))
			case f.CanFloat():
				f.SetFloat(0.25)
			case f.Kind() == reflect.String:
				f.SetString("x" + ft.Name)
			}
		}
	}
	fill(reflect.ValueOf(&o).Elem())
	line := o.String()
	for _, name := range ParamNames() {
		if !strings.Contains(" "+line, " "+name+"=") {
			t.Errorf("options line lacks %s: %s", name, line)
		}
	}
	var back Options
	if err := SetParams(&back, strings.ReplaceAll(line, " ", ",")); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, o) {
		t.Errorf("from the options line\n%+v\nwant\n%+v", back, o)
	}
}

// TestSerialClearsParallelOnly: the baseline's options (Serial) clear
// every field tagged as changing only the parallel search, the variants
// of the variant table among them, and keep every other.
func TestSerialClearsParallelOnly(t *testing.T) {
	o := Presets()["default"]
	o.Depth, o.Grain, o.Memory = 5, 3, 7
	o.PVSplitOptions.Granularity, o.SSSParallelOptions.SpawnHeight = 2, 4
	for _, v := range Variants() {
		*v.on(&o) = true
	}
	s := o.Serial(AlgoScout)
	if len(s.VariantList()) != 0 || s.Grain != 0 || s.KillerHandover || s.PVSplitOptions != (PVSplitOptions{}) || s.SSSParallelOptions != (SSSParallelOptions{}) {
		t.Errorf("serial options keep a parallel setting: %s", s)
	}
	if s.Depth != 5 || s.Memory != 7 || s.TTBits != o.TTBits || !s.Killers || s.Algo != AlgoScout {
		t.Errorf("serial options lost a setting of the serial search: %s", s)
	}
}
