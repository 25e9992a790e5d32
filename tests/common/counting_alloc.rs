//! A global allocator that counts the allocations of one thread while switched on, for the
//! no-allocation tests. A test binary includes this file with `#[path]` and declares its own
//! `#[global_allocator] static GLOBAL: Counting = Counting;`. Counts are per thread, so that
//! the test harness's own threads (output capture, timers) and tests running beside each other
//! never add to one another's count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting allocations and reallocations of threads that called
/// [`start_counting`].
pub struct Counting;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// Allocations and reallocations counted so far on this thread.
pub fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

/// Starts counting this thread's allocations.
pub fn start_counting() {
    COUNTING.with(|c| c.set(true));
}

/// Stops counting this thread's allocations.
pub fn stop_counting() {
    COUNTING.with(|c| c.set(false));
}

fn note() {
    if COUNTING.with(|c| c.get()) {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
