package io.tidemark.examples.watermark;

/**
 * seeds/004's {@code Word} model: {@code word}, {@code count}, {@code timestamp} (the repository's
 * class uses Lombok; these are the accessors it generates).
 */
public class Word {
    private String word;
    private int count;
    private long timestamp;

    public Word() {}

    public Word(String word, int count, long timestamp) {
        this.word = word;
        this.count = count;
        this.timestamp = timestamp;
    }

    public String getWord() {
        return word;
    }

    public void setWord(String word) {
        this.word = word;
    }

    public int getCount() {
        return count;
    }

    public void setCount(int count) {
        this.count = count;
    }

    public long getTimestamp() {
        return timestamp;
    }

    public void setTimestamp(long timestamp) {
        this.timestamp = timestamp;
    }

    @Override
    public String toString() {
        return "Word(word=" + word + ", count=" + count + ", timestamp=" + timestamp + ")";
    }
}
