package raster

// VectorOnly makes c draw every shape through the rasterizer, as the
// reference its shortcuts are held to.
func VectorOnly(c *Canvas) { c.vectorOnly = true }
