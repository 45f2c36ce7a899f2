package io.tidemark.flink.bridge;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.util.Map;

/**
 * One split's state of a Tidemark split source as bytes in Flink's operator state: the split's name
 * and its position, Java-serialized (the position classes are the source's, e.g. a Kafka partition
 * split or a file offset); read back with the task's user class loader.
 */
final class SplitStates {

    private SplitStates() {}

    static byte[] write(String split, Serializable position) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeUTF(split);
            out.writeObject(position);
        }
        return bytes.toByteArray();
    }

    static void read(byte[] entry, Map<String, Serializable> into) throws IOException, ClassNotFoundException {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(entry)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                try {
                    return Class.forName(desc.getName(), false, loader);
                } catch (ClassNotFoundException e) {
                    return super.resolveClass(desc);
                }
            }
        }) {
            String split = in.readUTF();
            into.put(split, (Serializable) in.readObject());
        }
    }
}
