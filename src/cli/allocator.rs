//! The binary's memory allocator.
//!
//! Rendering a page allocates and frees many small values (Handlebars
//! copies the page context for every partial it expands), and a site
//! renders thousands of pages on every core at once; mimalloc serves
//! that with less time and less contention than the system allocator
//! (docs/performance.md, "The docs site"). The library leaves the choice
//! to the program that links it.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
