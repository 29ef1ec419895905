package rules

import (
	"errors"
	"fmt"
	"sync"

	"go.starlark.net/starlark"
)

// maxMemo bounds what one memo keeps: past it, a call is worked out
// again each time, as if it were not remembered.
const maxMemo = 1 << 16

// memo is the rules' memo(f): f, remembering its result for each list of
// arguments, as Python's functools.cache. A rule's search that is asked
// the same question again and again (can this hand pay that cost?) then
// costs its work once. Only values that cannot hold the game may be
// passed (numbers, strings, truths, None, cards and tuples of those), so
// a remembered result is the same whatever the game is; it is frozen, so
// that no caller can change it for the next.
//
// A result remembered is charged the steps its working out took, so that
// whether a call hits the step budget does not depend on what was asked
// before it.
type memo struct {
	fn *starlark.Function
	mu sync.Mutex
	m  map[uint32][]memoEntry
	n  int
}

type memoEntry struct {
	key   starlark.Tuple
	value starlark.Value
	steps uint64
}

func makeMemo(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var fn *starlark.Function
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, 1, &fn); err != nil {
		return nil, err
	}
	m := &memo{fn: fn, m: map[uint32][]memoEntry{}}
	return starlark.NewBuiltin("memo("+fn.Name()+")", m.call), nil
}

func (m *memo) call(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if len(kwargs) > 0 {
		return nil, fmt.Errorf("%s: a remembered function takes its arguments by position", b.Name())
	}
	for i, x := range args {
		if err := memoArg(x); err != nil {
			return nil, fmt.Errorf("%s: argument %d is %s: a remembered function takes only numbers, strings, truths, None, cards and tuples of those", b.Name(), i+1, err)
		}
	}
	h, err := args.Hash()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", b.Name(), err)
	}
	m.mu.Lock()
	for _, e := range m.m[h] {
		if eq, err := starlark.Equal(e.key, args); err == nil && eq {
			m.mu.Unlock()
			thread.Steps += e.steps
			return e.value, nil
		}
	}
	m.mu.Unlock()
	before := thread.ExecutionSteps()
	v, err := starlark.Call(thread, m.fn, args, nil)
	if err != nil {
		return nil, err
	}
	v.Freeze()
	key := make(starlark.Tuple, len(args))
	copy(key, args)
	m.mu.Lock()
	if m.n < maxMemo {
		m.m[h] = append(m.m[h], memoEntry{key: key, value: v, steps: thread.ExecutionSteps() - before})
		m.n++
	}
	m.mu.Unlock()
	return v, nil
}

// memoArg says what x is when it may not be an argument of a remembered
// function.
func memoArg(x starlark.Value) error {
	switch x := x.(type) {
	case starlark.NoneType, starlark.Bool, starlark.Int, starlark.Float, starlark.String, *Card:
		return nil
	case starlark.Tuple:
		for _, y := range x {
			if err := memoArg(y); err != nil {
				return err
			}
		}
		return nil
	}
	return errors.New(describe(x))
}
