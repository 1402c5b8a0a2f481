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
    @Test
    void aThreadTakesOneSlotHoweverOftenItAsks() throws Exception {
        int before = LargeReads.available();
        Thread t = Thread.ofPlatform().start(() -> {
            LargeReads.hold();
            LargeReads.hold();
            LargeReads.hold();
            assertEquals(before - 1, LargeReads.available());
            LargeReads.release();
            LargeReads.release();
        });
        t.join();
        assertEquals(before, LargeReads.available());
    }

    @Test
    void waitsWhileEverySlotIsTakenThenProceeds() throws Exception {
        CountDownLatch allHeld = new CountDownLatch(LargeReads.slots());
        CountDownLatch letGo = new CountDownLatch(1);
        List<Thread> holders = new ArrayList<>();
        for (int i = 0; i < LargeReads.slots(); i++) {
            holders.add(Thread.ofPlatform().start(() -> {
                LargeReads.hold();
                allHeld.countDown();
                try {
                    letGo.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    LargeReads.release();
                }
            }));
        }
        assertTrue(allHeld.await(10, TimeUnit.SECONDS));
        assertEquals(0, LargeReads.available());
        CountDownLatch got = new CountDownLatch(1);
        Thread waiter = Thread.ofPlatform().start(() -> {
            LargeReads.hold();
            got.countDown();
            LargeReads.release();
        });
        assertTrue(!got.await(300, TimeUnit.MILLISECONDS), "a request past the slots waits");
        assertEquals(Thread.State.WAITING, waiter.getState());
        letGo.countDown();
        assertTrue(got.await(10, TimeUnit.SECONDS), "and proceeds once a slot is given back");
        waiter.join();
        for (Thread h : holders) h.join();
        assertEquals(LargeReads.slots(), LargeReads.available());
    }

    @Test
    void aNetworkThreadIsRefusedInsteadOfWaiting() {
        ReadWouldBlock refused = assertThrows(ReadWouldBlock.class, () -> MemoryOnlyReads.run(() -> {
            LargeReads.hold();
            return null;
        }));
        assertSame(ReadWouldBlock.INSTANCE, refused);
        assertEquals(LargeReads.slots(), LargeReads.available());
    }
}
