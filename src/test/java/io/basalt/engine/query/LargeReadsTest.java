package io.basalt.engine.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.eventloop.MemoryOnlyReads;
import io.basalt.eventloop.ReadWouldBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Large-response slots: one per thread at most, a request waits while none is free, a network thread never waits. */
class LargeReadsTest {
    private final LargeReads slots = new LargeReads(4);

    @Test
    void aThreadTakesOneSlotHoweverOftenItAsks() throws Exception {
        int before = slots.available();
        // checked in the thread, reported here: an assertion failing in a thread never reaches JUnit
        java.util.concurrent.atomic.AtomicInteger whileHeld = new java.util.concurrent.atomic.AtomicInteger(-1);
        Thread t = Thread.ofPlatform().start(() -> {
            slots.hold();
            slots.hold();
            slots.hold();
            whileHeld.set(slots.available());
            slots.release();
            slots.release();
        });
        t.join();
        assertEquals(before - 1, whileHeld.get(), "three holds by one thread take one slot");
        assertEquals(before, slots.available());
    }

    @Test
    void twoEnginesHaveTheirOwnSlots() {
        LargeReads other = new LargeReads(1);
        slots.hold();
        try {
            assertEquals(3, slots.available());
            assertEquals(1, other.available(), "another pool is not touched");
            other.hold(); // the same thread may hold a slot of each
            assertEquals(0, other.available());
            other.release();
        } finally {
            slots.release();
        }
        assertEquals(4, slots.available());
    }

    @Test
    void waitsWhileEverySlotIsTakenThenProceeds() throws Exception {
        CountDownLatch allHeld = new CountDownLatch(slots.slots());
        CountDownLatch letGo = new CountDownLatch(1);
        List<Thread> holders = new ArrayList<>();
        for (int i = 0; i < slots.slots(); i++) {
            holders.add(Thread.ofPlatform().start(() -> {
                slots.hold();
                allHeld.countDown();
                try {
                    letGo.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    slots.release();
                }
            }));
        }
        assertTrue(allHeld.await(10, TimeUnit.SECONDS));
        assertEquals(0, slots.available());
        CountDownLatch got = new CountDownLatch(1);
        Thread waiter = Thread.ofPlatform().start(() -> {
            slots.hold();
            got.countDown();
            slots.release();
        });
        assertTrue(!got.await(300, TimeUnit.MILLISECONDS), "a request past the slots waits");
        assertEquals(Thread.State.WAITING, waiter.getState());
        letGo.countDown();
        assertTrue(got.await(10, TimeUnit.SECONDS), "and proceeds once a slot is given back");
        waiter.join();
        for (Thread h : holders) h.join();
        assertEquals(slots.slots(), slots.available());
    }

    @Test
    void aNetworkThreadIsRefusedInsteadOfWaiting() {
        ReadWouldBlock refused = assertThrows(ReadWouldBlock.class, () -> MemoryOnlyReads.run(() -> {
            slots.hold();
            return null;
        }));
        assertSame(ReadWouldBlock.INSTANCE, refused);
        assertEquals(slots.slots(), slots.available());
    }
}
