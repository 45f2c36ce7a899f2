package io.tidemark.cli.config;

import java.util.ArrayList;
import java.util.List;

/**
 * A mapping of the job file ({@code source}, {@code window}, …, or the top level): its keys and
 * sub-mappings in the order they are read and documented.
 */
public final class Group {

    private final String path;
    private final List<Object> members = new ArrayList<>();
    private boolean required;
    private String missing;
    private String doc = "";
    private boolean documented = true;

    Group(String path) {
        this.path = path;
    }

    /** Required, with what the error says is missing. */
    Group required(String missing) {
        this.required = true;
        this.missing = missing;
        return this;
    }

    Group doc(String doc) {
        this.doc = doc;
        return this;
    }

    /** Left out of the key reference (its keys are documented with another group's). */
    Group undocumented() {
        this.documented = false;
        return this;
    }

    Group add(Key<?> key) {
        if (!key.section().equals(path)) {
            throw new IllegalArgumentException(key + " is not a key of '" + path + "'");
        }
        for (int i = 0; i < members.size(); i++) {
            if (members.get(i) instanceof Key<?> k && k.name().equals(key.name())) {
                members.set(i, key);
                return this;
            }
        }
        members.add(key);
        return this;
    }

    Group add(Group g) {
        members.add(g);
        return this;
    }

    public String path() {
        return path;
    }

    public String name() {
        return path.substring(path.lastIndexOf('.') + 1);
    }

    boolean isRequired() {
        return required;
    }

    String missing() {
        return missing;
    }

    public String doc() {
        return doc;
    }

    boolean documented() {
        return documented;
    }

    /** Keys and groups, in order. */
    List<Object> members() {
        return members;
    }

    public List<Key<?>> keys() {
        List<Key<?>> out = new ArrayList<>();
        for (Object m : members) {
            if (m instanceof Key<?> k) {
                out.add(k);
            }
        }
        return out;
    }

    public List<Group> groups() {
        List<Group> out = new ArrayList<>();
        for (Object m : members) {
            if (m instanceof Group g) {
                out.add(g);
            }
        }
        return out;
    }

    Key<?> key(String name) {
        for (Key<?> k : keys()) {
            if (k.name().equals(name)) {
                return k;
            }
        }
        return null;
    }

    Group group(String name) {
        for (Group g : groups()) {
            if (g.name().equals(name)) {
                return g;
            }
        }
        return null;
    }

    /** Every name a mapping at this place may hold. */
    List<String> names() {
        List<String> out = new ArrayList<>();
        for (Object m : members) {
            out.add(m instanceof Key<?> k ? k.name() : ((Group) m).name());
        }
        return out;
    }
}
