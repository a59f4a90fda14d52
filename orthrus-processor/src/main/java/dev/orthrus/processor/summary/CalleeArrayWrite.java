package dev.orthrus.processor.summary;

/**
 * A primitive array passed to a method or constructor ({@code bump(s.xs)}), which is a store into
 * its elements if the callee (or what it passes the array on to) stores into that parameter's: a
 * rule decides, once every method is summarized ({@link MethodSummary#writtenParameters()}).
 *
 * @param call the call, with the callee to find the methods it may run
 * @param argument the argument's index in that call
 * @param store what a store into the array at the call would be
 */
public record CalleeArrayWrite(Call call, int argument, ArrayStore store) {}
