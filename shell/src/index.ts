// Module Federation needs an async boundary before shared modules are used.
import('./bootstrap');
