package compiler

import (
	"regexp"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// argPattern is what a message argument may be called: a name that
// {{.Arg.NAME}} can reach in a template.
var argPattern = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// derivedNamespaces are the first parts of the message ids the compiler
// derives from the data, which a declared message must stay out of, so that
// adding a card or a section never collides with one.
func derivedNamespaces(g *model.Game) []string {
	ns := []string{"block", "card", "component", "forms", "game", "rules", "ruling", "term", "type", "variant", "zone"}
	for _, e := range g.Enums {
		ns = append(ns, e.ID)
	}
	return ns
}

// validMessageID reports whether s is lower-case ids joined by dots.
func validMessageID(s string) bool {
	for part := range strings.SplitSeq(s, ".") {
		if !validID(part) {
			return false
		}
	}
	return true
}

// parents returns the proper dotted prefixes of an id: "a", "a.b" for
// "a.b.c". A message and a message under it cannot both be written in a
// go-i18n file (one key would be both a string and a table).
func parents(id string) []string {
	var out []string
	for i := range len(id) {
		if id[i] == '.' {
			out = append(out, id[:i])
		}
	}
	return out
}

// messageDecls reads the [[message]] tables into g.Messages, sorted by id.
// It runs after everything else a message id may be derived from.
func messageDecls(g *model.Game, nodes []node, unique func(kind, id string, n node) bool, d *diag.List) {
	if len(nodes) == 0 {
		return
	}
	names, texts := required(g)
	derived := map[string]bool{}
	under := map[string]string{} // a parent of a derived id to that id
	for _, id := range slices.Concat(names, texts) {
		derived[id] = true
		for _, p := range parents(id) {
			if _, ok := under[p]; !ok {
				under[p] = id
			}
		}
	}
	ns := derivedNamespaces(g)
	idPos := map[string]diag.Pos{}
	for _, n := range nodes {
		m, idn := messageDef(n, d)
		if m == nil {
			continue
		}
		first, _, _ := strings.Cut(m.ID, ".")
		clash := ""
		if derived[m.ID] {
			clash = m.ID
		} else if id, ok := under[m.ID]; ok {
			clash = id
		}
		for _, p := range parents(m.ID) {
			if clash == "" && derived[p] {
				clash = p
			}
		}
		switch {
		case clash != "":
			d.Errorf(idn.pos(), diag.DuplicateID, "message id %q collides with message %s, which the compiler derives from the data", m.ID, clash)
		case slices.Contains(ns, first):
			d.Errorf(idn.pos(), diag.BadID, "message id %q is in the %s.* namespace, which the compiler derives from the data (reserved: %s)", m.ID, first, strings.Join(ns, ", "))
		case unique("message", m.ID, n):
			g.Messages = append(g.Messages, m)
			idPos[m.ID] = idn.pos()
		}
	}
	slices.SortFunc(g.Messages, func(a, b *model.MessageDecl) int { return strings.Compare(a.ID, b.ID) })
	var kept []*model.MessageDecl
	for _, m := range g.Messages {
		bad := false
		for _, p := range parents(m.ID) {
			if pos, ok := idPos[p]; ok && !bad {
				d.Errorf(idPos[m.ID], diag.DuplicateID, "message id %q collides with message %s (at %s): a message cannot hold others", m.ID, p, pos)
				bad = true
			}
		}
		if !bad {
			kept = append(kept, m)
		}
	}
	g.Messages = kept
}

// messageDef reads one [[message]] table: id, doc and args.
func messageDef(n node, d *diag.List) (*model.MessageDecl, node) {
	o, ok := asObj(n, d)
	if !ok {
		return nil, node{}
	}
	defer o.done()
	id, idn, idOK := o.str("id", true)
	doc, docn, docOK := o.str("doc", true)
	args, argNodes := o.strList("args", false)
	if idOK && !validMessageID(id) {
		d.Errorf(idn.pos(), diag.BadID, "message id %q must be lower-case identifiers joined by dots (a-z, 0-9, _; such as action.play_mine)", id)
		idOK = false
	}
	for part := range strings.SplitSeq(id, ".") {
		if idOK && slices.Contains(messageKeys(), part) {
			d.Errorf(idn.pos(), diag.BadID, "message id %q cannot have the part %q: go-i18n reads %s as keys of a message, not ids", id, part, strings.Join(messageKeys(), ", "))
			idOK = false
		}
	}
	if docOK && strings.TrimSpace(doc) == "" {
		d.Errorf(docn.pos(), diag.BadValue, "message %s: doc must say what the message is for", id)
	}
	good := idOK
	var kept []string
	for i, a := range args {
		switch {
		case !argPattern.MatchString(a):
			d.Errorf(argNodes[i].pos(), diag.BadID, "message %s: arg %q must be an identifier (letters, digits and _, not starting with a digit), so that {{.Arg.NAME}} can name it", id, a)
			good = false
		case slices.Contains(kept, a):
			d.Errorf(argNodes[i].pos(), diag.DuplicateID, "message %s has arg %q twice", id, a)
			good = false
		default:
			kept = append(kept, a)
		}
	}
	if !good {
		return nil, idn
	}
	return &model.MessageDecl{ID: id, Pos: n.keyPos(), Doc: doc, Args: kept}, idn
}
