package projections

// Folds is a map that remembers the order its keys came in: a batch folds its events per key
// (a notification's flags, a week's sums) and writes the keys in the order the log first
// touched them. The zero Folds is empty and ready.
type Folds[K comparable, V any] struct {
	m    map[K]*V
	Keys []K // in the order they first came
}

// At returns k's value: a new zero V the first time k comes.
func (f *Folds[K, V]) At(k K) *V {
	v, ok := f.m[k]
	if !ok {
		if f.m == nil {
			f.m = map[K]*V{}
		}
		v = new(V)
		f.m[k] = v
		f.Keys = append(f.Keys, k)
	}
	return v
}

// Get returns k's value, or nil if k has not come.
func (f *Folds[K, V]) Get(k K) *V { return f.m[k] }
