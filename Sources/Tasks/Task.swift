/// Placeholder until the Tasks module lands.
public enum TasksModule {}
