// Reads the runtime through shop.lib's protected descriptor, as it would read any other
// dependency's requirements: nothing here names Orthrus's runtime.
module shop.app {
  requires shop.lib;
  requires dev.orthrus.annotations;
}
