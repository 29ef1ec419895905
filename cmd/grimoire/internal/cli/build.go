package cli

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"sync"
	"sync/atomic"
	"time"

	"github.com/grimoire-games/grimoire/compiler/export"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// outputs makes the build outputs of games as they are added (their
// generated Go, exports and printouts), on as many goroutines at once as
// it was given workers: a game's outputs are made while the next games
// still load. Each output goes to a slot of its own, and results are read
// in the order of the games asked for, so they are the same whatever
// order the work ran in.
type outputs struct {
	paper printout.Paper
	sem   chan struct{}
	wg    sync.WaitGroup
	// stop makes work not yet started skip: the build failed anyway.
	stop  atomic.Bool
	fonts func() (*pdf.Fonts, error)
	// texts shares the localizers' messages and parsed templates between
	// the printouts and exports of a game.
	texts *l10n.Cache

	mu    sync.Mutex
	games map[*model.Game]*gameOutputs

	// queued and finished count the work, for the progress a terminal
	// shows.
	queued, finished atomic.Int64
}

// gameOutputs are the outputs of one game.
type gameOutputs struct {
	gen     map[string][]byte
	genErr  error
	exports []*exportJob
	pdfs    []*printJob
	stderr  bytes.Buffer // what failed before any job was made
	ok      bool
}

type exportJob struct {
	g     *model.Game
	files []export.File
	err   error
}

type printJob struct {
	path   string
	g      *model.Game
	o      printout.Options
	pdf    []byte
	ok     bool
	stderr bytes.Buffer
	// fontsErr is a failure to parse the fonts, which every printout
	// shares: it is reported once.
	fontsErr error
}

// fonts is the command's one parse of the fonts (env.fonts); when nil,
// the printouts share one of their own.
func newOutputs(paper printout.Paper, workers int, fonts func() (*pdf.Fonts, error)) *outputs {
	if fonts == nil {
		fonts = sync.OnceValues(pdf.ParseFonts)
	}
	return &outputs{
		paper: paper,
		sem:   make(chan struct{}, max(1, workers)),
		// Parsed once for every printout, when the first one needs them:
		// parsing them is most of a printout's cost.
		fonts: fonts,
		texts: l10n.NewCache(),
		games: map[*model.Game]*gameOutputs{},
	}
}

// run runs f on a worker, unless the build has stopped by then.
func (o *outputs) run(f func()) {
	o.queued.Add(1)
	o.wg.Go(func() {
		o.sem <- struct{}{}
		defer func() { <-o.sem }()
		defer o.finished.Add(1)
		if !o.stop.Load() {
			f()
		}
	})
}

// showProgress shows the progress on w, when it is not nil, until the
// function it returns is called.
func (o *outputs) showProgress(w io.Writer) (stop func()) {
	if w == nil {
		return func() {}
	}
	ticker := time.NewTicker(250 * time.Millisecond)
	done, finished := make(chan struct{}), make(chan struct{})
	go func() { o.progress(w, ticker.C, done); close(finished) }()
	return sync.OnceFunc(func() { ticker.Stop(); close(done); <-finished })
}

// progress writes to w, every tick until done is closed, how many of the
// outputs queued so far are made, on one line it rewrites; then clears
// the line.
func (o *outputs) progress(w io.Writer, tick <-chan time.Time, done <-chan struct{}) {
	for {
		select {
		case <-tick:
			if n := o.queued.Load(); n > 0 {
				fmt.Fprintf(w, "\r\x1b[Kbuilding: %d of %d outputs made", o.finished.Load(), n)
			} else {
				fmt.Fprint(w, "\r\x1b[Kbuilding: checking the games")
			}
		case <-done:
			fmt.Fprint(w, "\r\x1b[K")
			return
		}
	}
}

// add starts on the outputs of a game as loaded. It may be called from
// several goroutines at once.
func (o *outputs) add(loaded *model.Game) {
	out := &gameOutputs{ok: true}
	o.run(func() { out.gen, out.genErr = generateGame(loaded) })
	for _, v := range append([]string{""}, loaded.VariantIDs()...) {
		e := &env{stderr: &out.stderr}
		g, good := playVariant(e, "build", "variant", loaded, v)
		if !good {
			out.ok = false
			continue
		}
		x := &exportJob{g: g}
		out.exports = append(out.exports, x)
		o.run(func() { x.files, x.err = export.FilesWith(g, o.texts) })
		dir := g.ID
		if d := export.Dir(g); d != "" {
			dir = d
		}
		for _, lang := range g.Languages {
			for _, k := range printout.Kinds() {
				if !printout.Has(g, k) {
					continue
				}
				j := &printJob{path: dir + "/" + lang + "/" + k.String() + ".pdf", g: g, o: printout.Options{Kind: k, Lang: lang, Paper: o.paper, Texts: o.texts}}
				out.pdfs = append(out.pdfs, j)
				o.run(func() { o.print(j) })
			}
		}
	}
	o.mu.Lock()
	o.games[loaded] = out
	o.mu.Unlock()
}

func (o *outputs) print(j *printJob) {
	fonts, err := o.fonts()
	if err != nil {
		j.fontsErr = err
		return
	}
	j.o.Fonts = fonts
	j.pdf, j.ok = printPDF(&env{stderr: &j.stderr}, j.g, j.o)
}

// abandon stops the work not yet started and waits for the rest.
func (o *outputs) abandon() {
	o.stop.Store(true)
	o.wg.Wait()
}

// of returns the outputs of games, adding those not added yet, once every
// one is made.
func (o *outputs) of(games *model.Games) []*gameOutputs {
	for _, g := range games.Games {
		o.mu.Lock()
		_, ok := o.games[g]
		o.mu.Unlock()
		if !ok {
			o.add(g)
		}
	}
	o.wg.Wait()
	outs := make([]*gameOutputs, len(games.Games))
	for i, g := range games.Games {
		outs[i] = o.games[g]
	}
	return outs
}

// goFiles returns the generated Go of the games, keyed by its path below
// the gen directory, or the first game's error.
func goFiles(outs []*gameOutputs) (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, out := range outs {
		if out.genErr != nil {
			return nil, out.genErr
		}
		maps.Copy(files, out.gen)
	}
	return files, nil
}

// exportFiles returns every export of the games, with the shared schema.
func exportFiles(outs []*gameOutputs) ([]export.File, error) {
	var parts [][]export.File
	for _, out := range outs {
		for _, x := range out.exports {
			if x.err != nil {
				return nil, x.err
			}
			parts = append(parts, x.files)
		}
	}
	return export.Join(parts...)
}

// pdfFiles returns the printouts of the games, keyed by path, printing
// their diagnostics to e in the order of the files; ok is false when any
// failed.
func pdfFiles(e *env, outs []*gameOutputs) (map[string][]byte, bool) {
	files := map[string][]byte{}
	ok := true
	fontsReported := false
	for _, out := range outs {
		if _, err := e.stderr.Write(out.stderr.Bytes()); err != nil || !out.ok {
			ok = false
		}
		for _, j := range out.pdfs {
			if j.fontsErr != nil && !fontsReported {
				fmt.Fprintf(e.stderr, "grimoire build: %v\n", j.fontsErr)
				fontsReported = true
			}
			if _, err := e.stderr.Write(j.stderr.Bytes()); err != nil {
				ok = false
			}
			if !j.ok {
				ok = false
				continue
			}
			files[j.path] = j.pdf
		}
	}
	return files, ok
}
