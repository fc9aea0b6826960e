/// Average benchmarks for task-level metrics in usability tests.
public enum TaskBenchmarks {
    /// Average task-completion rate across 1,189 tasks (Sauro, 2011, "What is a good task-completion rate?", MeasuringU).
    public static let completion = 0.78
    /// Average Single Ease Question score on the 1–7 scale (Sauro, 2012, "10 things to know about the Single Ease Question", MeasuringU).
    public static let seq = 5.5
}
