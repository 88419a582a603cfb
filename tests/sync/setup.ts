// Every sync test runs Dexie on fake-indexeddb (each test gives its database its own name).
import 'fake-indexeddb/auto';
