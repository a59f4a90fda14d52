package ledger;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Field;

/** Java serialization and reflection, as a JSON library sets fields, then closures on the objects. */
public final class Run {
  private Run() {}

  public static String run() throws Exception {
    StringBuilder out = new StringBuilder();
    Account a = new Account("a1", "alice", 100, "hi".getBytes());
    Account b = new Account("b1", "bob", 50, "yo!".getBytes());
    a.next = b;
    out.append(a.deposit(5)).append(' ');

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream o = new ObjectOutputStream(bytes)) {
      o.writeObject(a);
    }
    Account copy;
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      copy = (Account) in.readObject();
    }
    out.append(copy.describe()).append(' ');
    out.append(Account.moveToNext(copy, 30)).append(' ');
    out.append(copy.deposit(1)).append(' ');
    out.append(copy.next.describe()).append(' ');

    Account json = new Account();
    set(json, "owner", "carol");
    set(json, "balance", 400L);
    set(json, "note", "json".getBytes());
    set(json, "next", b);
    out.append(Account.moveToNext(json, 20)).append(' ');
    out.append(json.deposit(2)).append(' ');
    out.append(json.describe()).append(' ');
    out.append(a.describe());
    return out.toString();
  }

  private static void set(Account account, String field, Object value) throws Exception {
    Field f = Account.class.getDeclaredField(field);
    f.setAccessible(true);
    f.set(account, value);
  }
}
