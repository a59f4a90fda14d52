module shop.lib {
  requires dev.orthrus.annotations;

  exports shop.lib;
}
