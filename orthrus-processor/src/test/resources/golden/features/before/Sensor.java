package demo.features;

import dev.orthrus.annotations.UserData;

/** A reading kept in versioned memory. */
@UserData
public final class Sensor {
  double mean;
  long samples;
  long updatedAt;
}
