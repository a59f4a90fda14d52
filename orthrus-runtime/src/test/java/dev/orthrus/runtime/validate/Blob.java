package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.api.FieldSink;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.api.VersionedObject;

/** {@code @UserData class Blob { byte[] data; }}, written by hand as the rewriter would. */
class Blob extends VersionedObject<Blob.V> {
  private static final long serialVersionUID = 1L;

  Blob(byte[] data) {
    soVersion(new V(this, data));
  }

  static final class V extends Version {
    private static final long serialVersionUID = 1L;
    final byte[] data;

    V(Blob owner, byte[] data) {
      super(owner);
      this.data = data;
      seal();
    }

    @Override
    public void fields(FieldSink sink) {
      sink.ref(data);
    }
  }
}
