// Runs assets/search.js outside a browser for search_test.go: reads
// {"script": path, "indexes": {name: index}, "queries": [[name, query], ...]}
// on stdin and writes, per query, the ids of the cards and sections found
// and the unknown field names, as JSON on stdout.
"use strict";
const fs = require("fs");
const input = JSON.parse(fs.readFileSync(0, "utf8"));
const search = require(input.script).search;
const out = input.queries.map(([name, q]) => {
  const r = search(q, input.indexes[name]);
  return { cards: r.cards.map((c) => c.id), sections: r.sections.map((s) => s.id), unknown: r.unknown };
});
process.stdout.write(JSON.stringify(out));
