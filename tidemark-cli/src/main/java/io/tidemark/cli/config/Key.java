package io.tidemark.cli.config;

import java.util.function.Function;

/**
 * One row of the key table: a key of the job file (its full dotted path), what it holds, its default,
 * which settings it applies to, whether it is required there, and its documentation. The table of
 * every key ({@link JobKeys}, plus the keys of each source and output type) drives reading and checking
 * job files, the unknown-key errors, {@code validate}'s listing and the key reference in
 * docs/job-file.md. Configured once, where it is declared.
 */
public final class Key<T> {

    private final String path;
    private final ValueType<T> type;
    private Function<Settings, T> dflt = s -> null;
    private String dfltDoc;
    private Applies applies = Applies.ALWAYS;
    private boolean required;
    private String missing;
    private String notHere;
    private String doc = "";

    private Key(String path, ValueType<T> type) {
        this.path = path;
        this.type = type;
    }

    public static <T> Key<T> of(String path, ValueType<T> type) {
        return new Key<>(path, type);
    }

    /** Its default value. */
    public Key<T> dflt(T value) {
        this.dflt = s -> value;
        this.dfltDoc = "`" + type.show(value) + "`";
        return this;
    }

    /** A default that depends on other settings, described for the docs by {@code doc}. */
    public Key<T> dflt(Function<Settings, T> value, String doc) {
        this.dflt = value;
        this.dfltDoc = doc;
        return this;
    }

    /** No default; {@code doc} says what its absence means (e.g. "none: one split"). */
    public Key<T> absent(String doc) {
        this.dfltDoc = doc;
        return this;
    }

    /** Required wherever it applies; {@code what} completes the error "KEY: missing: …". */
    public Key<T> required(String what) {
        this.required = true;
        this.missing = what;
        this.dfltDoc = "required";
        return this;
    }

    public Key<T> applies(Applies a) {
        this.applies = a;
        return this;
    }

    /** Why the key has no meaning where it does not apply (added to the error). */
    public Key<T> notHere(String why) {
        this.notHere = why;
        return this;
    }

    public Key<T> doc(String doc) {
        this.doc = doc;
        return this;
    }

    /** A copy that also applies where {@code on} (this key's condition) is {@code value}. */
    Key<T> alsoFor(String value) {
        Key<T> k = copy();
        k.applies = applies.or(value);
        return k;
    }

    /** A copy, to be configured further where a table places it. */
    Key<T> copy() {
        Key<T> k = new Key<>(path, type);
        k.dflt = dflt;
        k.dfltDoc = dfltDoc;
        k.applies = applies;
        k.required = required;
        k.missing = missing;
        k.notHere = notHere;
        k.doc = doc;
        return k;
    }

    public String path() {
        return path;
    }

    /** The part after the last dot: the key's name within its section. */
    public String name() {
        return path.substring(path.lastIndexOf('.') + 1);
    }

    /** The section it sits in ("" for the top level). */
    public String section() {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? "" : path.substring(0, dot);
    }

    public ValueType<T> type() {
        return type;
    }

    T defaultValue(Settings s) {
        return dflt.apply(s);
    }

    /** How the key reference shows its default. */
    public String defaultDoc() {
        return dfltDoc == null ? "none" : dfltDoc;
    }

    public Applies applies() {
        return applies;
    }

    boolean isRequired() {
        return required;
    }

    String missing() {
        return missing;
    }

    String notHere() {
        return notHere;
    }

    public String doc() {
        return doc;
    }

    @Override
    public String toString() {
        return path;
    }
}
