package io.tidemark.runtime.tasks;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

/** Deep copies of user functions for parallel subtasks, by Java serialization. */
final class Copies {

    private Copies() {}

    /**
     * A copy of {@code object}; fails with a message naming {@code what} when it (or something it
     * holds) is not serializable.
     */
    @SuppressWarnings("unchecked")
    static <T> T copy(T object, String what) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(object);
            }
            ClassLoader loader = object.getClass().getClassLoader();
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())) {
                @Override
                protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                    try {
                        return Class.forName(desc.getName(), false, loader);
                    } catch (ClassNotFoundException e) {
                        return super.resolveClass(desc);
                    }
                }
            }) {
                return (T) in.readObject();
            }
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalArgumentException(what + " must be serializable to run as several parallel subtasks"
                    + " (each subtask gets its own copy): " + e, e);
        }
    }
}
