package io.tidemark.core.fs;

import java.io.Serializable;
import java.net.URI;
import java.nio.file.Paths;
import java.util.Objects;

/**
 * A file or directory, named as Flink names them ({@code new Path("/data/in")},
 * {@code new Path("file:///data/in")}). Tidemark reads and writes the local file system; another scheme
 * fails when the path is used.
 */
public class Path implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String path;

    public Path(String path) {
        Objects.requireNonNull(path, "path");
        if (path.isEmpty()) {
            throw new IllegalArgumentException("Can not create a Path from an empty string");
        }
        this.path = path;
    }

    public Path(URI uri) {
        this(uri.toString());
    }

    /** {@code child} inside {@code parent}. */
    public Path(Path parent, String child) {
        this(parent.toNioPath().resolve(child).toString());
    }

    /** The last component of the path. */
    public String getName() {
        java.nio.file.Path name = toNioPath().getFileName();
        return name == null ? "" : name.toString();
    }

    /** The path on the local file system. */
    public java.nio.file.Path toNioPath() {
        if (path.contains("://") || path.startsWith("file:")) {
            URI uri = URI.create(path);
            if (!"file".equals(uri.getScheme())) {
                throw new UnsupportedOperationException("Tidemark reads and writes local files only, not " + path);
            }
            return Paths.get(uri);
        }
        return Paths.get(path);
    }

    public URI toUri() {
        return toNioPath().toUri();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Path && ((Path) o).path.equals(path);
    }

    @Override
    public int hashCode() {
        return path.hashCode();
    }

    @Override
    public String toString() {
        return path;
    }
}
