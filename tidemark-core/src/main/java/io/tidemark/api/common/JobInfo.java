package io.tidemark.api.common;

/** The job a function runs in (Flink 2's {@code JobInfo}, {@code getRuntimeContext().getJobInfo()}). */
public interface JobInfo {

    /** The job's id, the one its {@code JobClient} and result report. */
    JobID getJobId();

    /** The name the job was started under ({@code env.execute(name)}). */
    String getJobName();
}
