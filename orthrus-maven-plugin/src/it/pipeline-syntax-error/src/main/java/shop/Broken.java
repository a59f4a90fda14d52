package shop;

final class Broken {
  int x = ;
}
