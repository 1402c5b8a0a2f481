package io.basalt.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.engine.item.ItemStore;
import io.basalt.engine.item.TableRef;
import io.basalt.model.AttrType;
import io.basalt.model.AttributeValue;
import io.basalt.model.KeyShape;
import io.basalt.storage.memory.MemoryStorage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A transaction that keeps losing the race on an item is cancelled, never left waiting. */
class TransactionConflictTest {
    @Test
    void persistentConflictCancelsWithTheConflictingPosition() {
        ItemStore store = new ItemStore(new MemoryStorage());
        TableRef table = new TableRef("t", 1, new KeyShape("pk", AttrType.S, null, null), new AtomicLong(), new AtomicLong());
        Map<String, AttributeValue> a = Map.of("pk", AttributeValue.s("a")), b = Map.of("pk", AttributeValue.s("b"));
        store.write(table, b, cur -> b);
        // every attempt, a single-item writer changes item b between the transaction's read and its commit
        ItemStore.TxItem first = new ItemStore.TxItem(table, a, cur -> a);
        ItemStore.TxItem second = new ItemStore.TxItem(table, b, cur -> {
            Map<String, AttributeValue> next = new LinkedHashMap<>(b);
            next.put("n", AttributeValue.n(System.nanoTime()));
            Thread racer = new Thread(() -> store.write(table, b, x -> next));
            racer.start();
            try {
                racer.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return next;
        });
        ItemStore.TxConflict c = assertThrows(ItemStore.TxConflict.class, () -> store.transact(List.of(first, second)));
        assertEquals(1, c.position());
        assertEquals(null, store.read(table, a), "nothing of the cancelled transaction was applied");
    }
}
