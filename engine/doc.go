// Package engine will hold the game core shared by every game: the state
// API, legal actions, chance, replay and bots.
package engine
