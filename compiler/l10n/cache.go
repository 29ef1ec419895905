package l10n

import (
	"sync"

	"github.com/nicksnyder/go-i18n/v2/i18n"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// Cache shares, between the localizers made through it, what depends on
// a locale alone: go-i18n's bundle of its messages, in which each message
// template is parsed once and then run by every localizer, and the counts
// that select each plural category. Localizers of one locale for every
// variant of a game, every printout and every export share it. A Cache is
// safe for concurrent use; the nil *Cache shares nothing. The texts are
// the same with a cache or without.
type Cache struct {
	mu      sync.Mutex
	bundles map[*model.Locale]*cachedBundle
	samples map[string]*cachedSamples
	data    map[dataKey]*cachedData
}

// dataKey names the template data of a game value in a language: the
// printouts of one variant in one language share it.
type dataKey struct {
	g          *model.Game
	lang, mark string
}

type cachedData struct {
	once sync.Once
	d    map[string]any
	done *rendered
}

type cachedBundle struct {
	once sync.Once
	b    *i18n.Bundle
	err  error
}

type cachedSamples struct {
	once sync.Once
	s    map[string]string
}

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{bundles: map[*model.Locale]*cachedBundle{}, samples: map[string]*cachedSamples{}, data: map[dataKey]*cachedData{}}
}

// New is New through the cache.
func (c *Cache) New(g *model.Game, lang string) (*Localizer, error) {
	return c.NewMarked(g, lang, "")
}

// bundle returns the bundle of a locale's messages, made once.
func (c *Cache) bundle(locale *model.Locale) (*i18n.Bundle, error) {
	if c == nil {
		return newBundle(locale)
	}
	c.mu.Lock()
	e := c.bundles[locale]
	if e == nil {
		e = &cachedBundle{}
		c.bundles[locale] = e
	}
	c.mu.Unlock()
	// Made outside the lock: other locales' bundles need not wait.
	e.once.Do(func() { e.b, e.err = newBundle(locale) })
	return e.b, e.err
}

// sampleCounts is SampleCounts, computed once per language.
func (c *Cache) sampleCounts(lang string) map[string]string {
	if c == nil {
		return SampleCounts(lang)
	}
	c.mu.Lock()
	e := c.samples[lang]
	if e == nil {
		e = &cachedSamples{}
		c.samples[lang] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.s = SampleCounts(lang) })
	return e.s
}

// templateData is data, made once per game value, language and mark,
// with the texts rendered with it. Nothing changes it once made:
// WithCount and Format copy it.
func (c *Cache) templateData(g *model.Game, lang, mark string) (map[string]any, *rendered) {
	if c == nil {
		return data(g, lang, mark), newRendered()
	}
	k := dataKey{g, lang, mark}
	c.mu.Lock()
	e := c.data[k]
	if e == nil {
		e = &cachedData{}
		c.data[k] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.d, e.done = data(g, lang, mark), newRendered() })
	return e.d, e.done
}
