// The filters and sorts of a gallery's cards, or of a review's messages,
// over their data attributes, and a rulebook's language switch that stays
// on the section read. Without this script every card and message is
// listed and every link works.
(function () {
  "use strict";

  // words splits "key:value key:value" into {key: [value, ...]}.
  function words(s) {
    var out = {};
    (s || "").split(" ").forEach(function (w) {
      var i = w.lastIndexOf(":");
      if (i < 0) { return; }
      var k = w.slice(0, i);
      (out[k] = out[k] || []).push(w.slice(i + 1));
    });
    return out;
  }

  var list = document.querySelector("[data-gallery]");
  var form = document.getElementById("controls");
  if (list && form) {
    var items = Array.prototype.slice.call(list.children);
    var filters = Array.prototype.slice.call(form.querySelectorAll("select[data-filter]"));
    var sort = form.querySelector("select[data-sort]");
    var count = document.getElementById("count");
    var update = function () {
      var shown = 0;
      items.forEach(function (li) {
        var tags = words(li.getAttribute("data-tags"));
        var ok = filters.every(function (s) {
          return !s.value || (tags[s.getAttribute("data-filter")] || []).indexOf(s.value) >= 0;
        });
        li.hidden = !ok;
        if (ok) { shown++; }
      });
      var key = sort ? sort.value : "";
      var number = function (li) {
        var n = words(li.getAttribute("data-numbers"))[key];
        return n ? parseFloat(n[0]) : null;
      };
      var sorted = items.slice();
      if (key) {
        // Stable: equal numbers keep the listed order; no number goes last.
        sorted.sort(function (a, b) {
          var x = number(a), y = number(b);
          if (x === y) { return items.indexOf(a) - items.indexOf(b); }
          if (x === null) { return 1; }
          if (y === null) { return -1; }
          return x - y;
        });
      }
      sorted.forEach(function (li) { list.appendChild(li); });
      count.textContent = count.getAttribute("data-template")
        .replace("{n}", String(shown)).replace("{total}", String(items.length));
    };
    // The choices stand in the address, ?race=giant&sort=gold, so that a
    // filtered gallery can be linked to.
    var params = new URLSearchParams(location.search);
    filters.forEach(function (s) {
      var v = params.get(s.getAttribute("data-filter"));
      if (v !== null) { s.value = v; }
    });
    if (sort && params.get("sort") !== null) { sort.value = params.get("sort"); }
    var remember = function () {
      var q = new URLSearchParams();
      filters.forEach(function (s) {
        if (s.value) { q.set(s.getAttribute("data-filter"), s.value); }
      });
      if (sort && sort.value) { q.set("sort", sort.value); }
      var search = q.toString();
      try {
        history.replaceState(null, "", search ? "?" + search : location.pathname);
      } catch (e) {
        // Some browsers refuse it on file://; the gallery works the same.
      }
    };
    form.hidden = false;
    form.addEventListener("change", update);
    form.addEventListener("change", remember);
    form.addEventListener("submit", function (e) { e.preventDefault(); });
    update();
  }

  var rules = document.querySelector("[data-rules]");
  if (rules) {
    var sections = Array.prototype.slice.call(rules.querySelectorAll("section[id]"));
    // current is the section whose heading was last scrolled past.
    var current = function () {
      var id = location.hash.slice(1);
      sections.forEach(function (s) {
        if (s.getBoundingClientRect().top <= 80) { id = s.id; }
      });
      return id;
    };
    var same = Array.prototype.slice.call(document.querySelectorAll("a[data-same-section]"));
    var point = function () {
      var id = current();
      same.forEach(function (a) {
        a.setAttribute("href", a.getAttribute("href").split("#")[0] + (id ? "#" + id : ""));
      });
    };
    // The links name the section read at all times, not only when
    // clicked: one opened in a new tab, or copied, keeps it too.
    var pending = false;
    window.addEventListener("scroll", function () {
      if (pending) { return; }
      pending = true;
      requestAnimationFrame(function () { pending = false; point(); });
    }, { passive: true });
    window.addEventListener("hashchange", point);
    same.forEach(function (a) { a.addEventListener("click", point); });
    point();
  }
})();
