package dev.orthrus.samples.kvcache;

import java.nio.charset.StandardCharsets;

/** A tiny driver: sets, reads back and deletes a few keys. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    KvStore store = new KvStore(1024);
    for (int i = 0; i < 100; i++) {
      store.set("key-" + i, ("value-" + i).getBytes(StandardCharsets.UTF_8), 0);
    }
    byte[] v = store.get("key-42");
    store.delete("key-7");
    System.out.println(new String(v, StandardCharsets.UTF_8) + ", " + store.size() + " items");
  }
}
