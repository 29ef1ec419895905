package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

// A batch writes files so that a command either leaves all of them whole
// or none: each file goes to a temporary file beside its target, synced,
// and only once every file is written are they renamed into place. A
// failed batch removes its temporary files and the directories it made.
type batch struct {
	temps   []pendingFile
	made    []string // directories created, outermost first
	renamed int
}

type pendingFile struct{ tmp, path string }

// add writes data to a temporary file beside path.
func (b *batch) add(path string, data []byte) error {
	return b.addFrom(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// addFrom is add with the content written by write.
func (b *batch) addFrom(path string, write func(io.Writer) error) error {
	if st, err := os.Stat(path); err == nil {
		switch {
		case st.IsDir():
			return fmt.Errorf("write %s: is a directory", path)
		case !st.Mode().IsRegular():
			// A device or a pipe (/dev/stdout, a FIFO) is written to as
			// it is: renaming over it would replace it.
			return writeSpecial(path, write)
		}
	}
	if err := b.mkdirAll(filepath.Dir(path)); err != nil {
		return err
	}
	tmp, err := writeTemp(path, write)
	if tmp != "" {
		b.temps = append(b.temps, pendingFile{tmp, path})
	}
	return err
}

// maxWrites is how many files addAll writes at once.
const maxWrites = 16

// addAll is add for many files: they are checked and their directories
// made in order, then written and synced at once, since waiting for the
// disk is most of their cost. It returns the first error in path order.
func (b *batch) addAll(paths []string, data [][]byte) error {
	tmps := make([]string, len(paths))
	errs := make([]error, len(paths))
	sem := make(chan struct{}, maxWrites)
	var wg sync.WaitGroup
	for i, path := range paths {
		if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
			// A directory or a device: add says what to do.
			if errs[i] = b.add(path, data[i]); errs[i] != nil {
				break
			}
			continue
		}
		if errs[i] = b.mkdirAll(filepath.Dir(path)); errs[i] != nil {
			break
		}
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			tmps[i], errs[i] = writeTemp(path, func(w io.Writer) error {
				_, err := w.Write(data[i])
				return err
			})
		})
	}
	wg.Wait()
	for i, tmp := range tmps {
		if tmp != "" {
			b.temps = append(b.temps, pendingFile{tmp, paths[i]})
		}
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// writeTemp writes a temporary file beside path and syncs it. It returns
// the temporary file's name whenever it made one, even on failure, for
// the batch to remove.
func writeTemp(path string, write func(io.Writer) error) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return "", fmt.Errorf("write %s: %w", path, unwrapPathErr(err))
	}
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err != nil {
		return f.Name(), fmt.Errorf("write %s: %w", path, unwrapPathErr(err))
	}
	return f.Name(), nil
}

func writeSpecial(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, unwrapPathErr(err))
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, unwrapPathErr(err))
	}
	return nil
}

// mkdirAll makes dir and its missing parents, remembering which it made.
func (b *batch) mkdirAll(dir string) error {
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		st, err := os.Stat(d)
		if err == nil {
			if !st.IsDir() {
				return fmt.Errorf("%s is not a directory", d)
			}
			break
		}
		if !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("%s: %w", d, unwrapPathErr(err))
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	slices.Reverse(missing)
	for _, d := range missing {
		if err := os.Mkdir(d, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
			return fmt.Errorf("create directory %s: %w", d, unwrapPathErr(err))
		}
		b.made = append(b.made, d)
	}
	return nil
}

// commit renames every file into place.
func (b *batch) commit() error {
	for ; b.renamed < len(b.temps); b.renamed++ {
		p := b.temps[b.renamed]
		if st, err := os.Stat(p.path); err == nil && st.IsDir() {
			return fmt.Errorf("write %s: is a directory", p.path)
		}
		if err := os.Rename(p.tmp, p.path); err != nil {
			return fmt.Errorf("write %s: %w", p.path, unwrapPathErr(err))
		}
	}
	return nil
}

// finish commits the batch, or aborts it when it cannot.
func (b *batch) finish() error {
	if err := b.commit(); err != nil {
		b.abort()
		return err
	}
	return nil
}

// abort removes the temporary files not yet renamed and the directories
// the batch made that are left empty.
func (b *batch) abort() {
	for _, p := range b.temps[b.renamed:] {
		os.Remove(p.tmp)
	}
	for i := len(b.made) - 1; i >= 0; i-- {
		os.Remove(b.made[i]) // fails, as it should, when not empty
	}
}

// writeAll writes files (paths relative to dir) as one batch.
func writeAll(dir string, files map[string][]byte) error {
	var b batch
	names := sortedKeys(files)
	paths := make([]string, len(names))
	data := make([][]byte, len(names))
	for i, n := range names {
		paths[i], data[i] = filepath.Join(dir, filepath.FromSlash(n)), files[n]
	}
	if err := b.addAll(paths, data); err != nil {
		b.abort()
		return err
	}
	return b.finish()
}

// writeFrom writes the one file write makes, whole or not at all.
func writeFrom(path string, write func(io.Writer) error) error {
	var b batch
	if err := b.addFrom(path, write); err != nil {
		b.abort()
		return err
	}
	return b.finish()
}

// writeFile writes one file whole or not at all.
func writeFile(path string, data []byte) error {
	path = filepath.Clean(path) // "dir/" names dir, not a file in it
	return writeAll(filepath.Dir(path), map[string][]byte{filepath.Base(path): data})
}

// unwrapPathErr drops the path an *os.PathError repeats: messages name
// the target, not its temporary file.
func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// stdoutName is the -o value that means standard output.
const stdoutName = "-"

// checkedWriter remembers the first error its writer returned, so that a
// command whose standard output fails (a full disk, a closed pipe) does
// not exit 0.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// output writes a command's result to the file named by -o, or to
// standard output when it is empty or "-".
func output(e *env, cmd, path string, data []byte) int {
	if path == "" || path == stdoutName {
		e.stdout.Write(data) // a failure is reported by RunContext
		return ExitOK
	}
	if err := writeFile(path, data); err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %v\n", cmd, err)
		return ExitFail
	}
	return ExitOK
}
