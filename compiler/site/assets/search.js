// Search over a game's cards and rules in one language, with a small query
// syntax after Scryfall's (docs/publishing.md has its table):
//   word  "a phrase"  field:value  field>=N  field<=N  field>N  field<N  field=N  -term
// Terms are ANDed. The index is window.grimoireSearchIndex, assigned by
// search-index.js beside the page. parse and search use no page, so that
// they can be run outside a browser (module.exports, at the end).
(function () {
  "use strict";

  // fold compares without case and accents: "Géant" and "geant" match.
  function fold(s) {
    return String(s).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  // tokens splits a query on spaces, keeping "quoted phrases" whole; a
  // token that opens with a quote (after a -) is a phrase, never a field.
  function tokens(q) {
    var out = [], cur = null;
    var quoted = false;
    for (var i = 0; i < q.length; i++) {
      var c = q[i];
      if (!quoted && /\s/.test(c)) {
        if (cur) { out.push(cur); }
        cur = null;
        continue;
      }
      cur = cur || { text: "", phrase: false };
      if (c === '"') {
        quoted = !quoted;
        if (cur.text === "" || cur.text === "-") { cur.phrase = true; }
        continue;
      }
      cur.text += c;
    }
    if (cur) { out.push(cur); }
    return out;
  }

  var fieldTerm = /^([^:<>=!]+)(>=|<=|:|=|>|<)(.+)$/;

  // parse reads a query against an index's fields: its terms, and the
  // field names it does not know (whose terms it leaves out).
  function parse(q, index) {
    var byName = {};
    Object.keys(index.fields).forEach(function (id) {
      byName[fold(id)] = id;
      // A heading of several words is typed with _ for its spaces.
      (index.fields[id].labels || []).forEach(function (l) { byName[fold(l).replace(/\s+/g, "_")] = id; });
    });
    var terms = [], unknown = [];
    tokens(q).forEach(function (tok) {
      var t = tok.text, neg = false;
      if (t.length > 1 && t[0] === "-") { neg = true; t = t.slice(1); }
      var m = tok.phrase ? null : fieldTerm.exec(t);
      if (!m) {
        if (t) { terms.push({ neg: neg, word: fold(t) }); }
        return;
      }
      var name = fold(m[1]);
      if (name === "type") {
        terms.push({ neg: neg, field: "type", op: m[2], value: fold(m[3]) });
      } else if (byName.hasOwnProperty(name)) {
        terms.push({ neg: neg, field: byName[name], op: m[2], value: fold(m[3]) });
      } else {
        unknown.push(m[1]);
      }
    });
    return { terms: terms, unknown: unknown };
  }

  function compare(x, op, n) {
    switch (op) {
      case ">=": return x >= n;
      case "<=": return x <= n;
      case ">": return x > n;
      case "<": return x < n;
    }
    return x === n;
  }

  // matchField says whether a card's field holds a value the term asks
  // for: any value of a list does.
  function matchField(card, kind, t) {
    if (t.field === "type") {
      return t.value === fold(card.type) || t.value === fold(card.typeName);
    }
    var values = card.fields[t.field] || [];
    return values.some(function (v) {
      if (typeof v === "number") {
        var n = Number(t.value);
        return t.value.trim() !== "" && !isNaN(n) && compare(v, t.op, n);
      }
      if (t.op !== ":" && t.op !== "=") { return false; }
      if (typeof v === "object") {
        return t.value === fold(v.id) || t.value === fold(v.name);
      }
      return kind === "text" ? fold(v).indexOf(t.value) >= 0 : fold(v) === t.value;
    });
  }

  // search gives the cards and the rule sections a query matches, in the
  // index's order. Rule sections have no fields: a query that asks for a
  // field's value finds cards only, and a section never holds the value
  // a -field:value term leaves out.
  function search(q, index) {
    var p = parse(q, index);
    var res = { cards: [], sections: [], unknown: p.unknown };
    if (p.terms.length === 0) { return res; }
    var fielded = p.terms.some(function (t) { return t.field && !t.neg; });
    res.cards = index.cards.filter(function (c) {
      var text = fold(c.name + " " + c.typeName + " " + c.text);
      return p.terms.every(function (t) {
        var ok = t.field ? matchField(c, (index.fields[t.field] || {}).kind, t) : text.indexOf(t.word) >= 0;
        return ok !== t.neg;
      });
    });
    if (!fielded) {
      res.sections = index.sections.filter(function (s) {
        var text = fold(s.title + " " + s.text);
        return p.terms.every(function (t) { return t.field || (text.indexOf(t.word) >= 0) !== t.neg; });
      });
    }
    return res;
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { fold: fold, tokens: tokens, parse: parse, search: search };
  }
  if (typeof document === "undefined") { return; }

  var form = document.querySelector("[data-search]");
  var index = window.grimoireSearchIndex;
  if (!form || !index) { return; }
  var input = document.getElementById("q");
  var count = document.getElementById("search-count");
  var unknown = document.getElementById("search-unknown");
  var langs = Array.prototype.slice.call(document.querySelectorAll(".langs a[hreflang]"));
  var lists = {
    cards: [document.getElementById("search-cards"), document.getElementById("search-cards-title")],
    sections: [document.getElementById("search-rules"), document.getElementById("search-rules-title")]
  };

  function show(q) {
    var res = search(q, index);
    unknown.hidden = res.unknown.length === 0;
    unknown.textContent = unknown.getAttribute("data-template")
      .replace("{field}", res.unknown.join(", "))
      .replace("{fields}", ["type"].concat(Object.keys(index.fields).sort()).join(", "));
    fill(lists.cards, res.cards.map(function (c) { return [c.url, c.name, c.typeName + (c.detail ? " · " + c.detail : "")]; }));
    fill(lists.sections, res.sections.map(function (s) { return [s.url, s.title, ""]; }));
    // The other languages open the same query, whose ids mean the same in each.
    langs.forEach(function (a) {
      a.setAttribute("href", a.getAttribute("href").split("?")[0] + (q ? "?q=" + encodeURIComponent(q) : ""));
    });
    var n = res.cards.length + res.sections.length;
    count.textContent = q.trim() === "" ? count.getAttribute("data-empty")
      : n === 1 ? count.getAttribute("data-found-one")
      : count.getAttribute("data-found").replace("{n}", String(n));
  }

  // fill lists results as links; textContent keeps every text a text.
  function fill(list, rows) {
    list[0].textContent = "";
    list[1].hidden = rows.length === 0;
    rows.forEach(function (r) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = r[0];
      a.textContent = r[1];
      li.appendChild(a);
      if (r[2]) {
        var span = document.createElement("span");
        span.className = "muted";
        span.textContent = " " + r[2];
        li.appendChild(span);
      }
      list[0].appendChild(li);
    });
  }

  // The query stands in the address, ?q=..., so that a search can be
  // linked to; the form's own submission sets it without a script.
  input.value = new URLSearchParams(location.search).get("q") || "";
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    try {
      history.replaceState(null, "", input.value ? "?q=" + encodeURIComponent(input.value) : location.pathname);
    } catch (err) {
      // Some browsers refuse it on file://; the search works the same.
    }
    show(input.value);
  });
  input.addEventListener("input", function () { show(input.value); });
  show(input.value);
})();
