package jobs;

import dev.orthrus.annotations.UserData;

@UserData
public final class Job {
  final String name;
  int priority;

  Job(String name, int priority) {
    this.name = name;
    this.priority = priority;
  }
}
