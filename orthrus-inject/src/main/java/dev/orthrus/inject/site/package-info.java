/**
 * Sites: the instructions of a program's classes whose result a faulty core could corrupt, each
 * with its unit and its path (a closure's data path or the control path), found the same way when
 * the catalog is listed and when a class is instrumented.
 */
package dev.orthrus.inject.site;
