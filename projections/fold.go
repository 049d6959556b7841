package projections

// folds is a map that remembers the order its keys came in: a batch folds its events per key
// (a notification's flags, a week's sums) and writes the keys in the order the log first
// touched them.
type folds[K comparable, V any] struct {
	m    map[K]*V
	keys []K
}

// at returns k's value: a new zero V the first time k comes.
func (f *folds[K, V]) at(k K) *V {
	v, ok := f.m[k]
	if !ok {
		if f.m == nil {
			f.m = map[K]*V{}
		}
		v = new(V)
		f.m[k] = v
		f.keys = append(f.keys, k)
	}
	return v
}
