package io.tidemark.api.common;

import java.io.Serializable;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * A job's id (Flink's {@code JobID}): 128 random bits, written as 32 hex digits, the lower 64 bits first
 * as Flink writes them, so an id reads the same on both engines.
 */
public final class JobID implements Comparable<JobID>, Serializable {

    private static final long serialVersionUID = 1L;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final long lowerPart;
    private final long upperPart;

    public JobID(long lowerPart, long upperPart) {
        this.lowerPart = lowerPart;
        this.upperPart = upperPart;
    }

    /** A new random id. */
    public static JobID generate() {
        return new JobID(RANDOM.nextLong(), RANDOM.nextLong());
    }

    /** The id {@link #toHexString} wrote. */
    public static JobID fromHexString(String hex) {
        if (hex == null || hex.length() != 32) {
            throw new IllegalArgumentException("a job id is 32 hex digits, not '" + hex + "'");
        }
        try {
            return new JobID(HexFormat.fromHexDigitsToLong(hex, 0, 16), HexFormat.fromHexDigitsToLong(hex, 16, 32));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a job id is 32 hex digits, not '" + hex + "'", e);
        }
    }

    public long getLowerPart() {
        return lowerPart;
    }

    public long getUpperPart() {
        return upperPart;
    }

    /** The lower part's 16 hex digits, then the upper part's. */
    public String toHexString() {
        return HexFormat.of().toHexDigits(lowerPart) + HexFormat.of().toHexDigits(upperPart);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JobID other && other.lowerPart == lowerPart && other.upperPart == upperPart;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(lowerPart) * 31 + Long.hashCode(upperPart);
    }

    @Override
    public int compareTo(JobID o) {
        int c = Long.compare(upperPart, o.upperPart);
        return c != 0 ? c : Long.compare(lowerPart, o.lowerPart);
    }

    @Override
    public String toString() {
        return toHexString();
    }
}
