package tasks;

import dev.orthrus.annotations.UserData;

@UserData
public final class Task {
  final String name;
  int weight;

  public Task(String name, int weight) {
    this.name = name;
    this.weight = weight;
  }
}
