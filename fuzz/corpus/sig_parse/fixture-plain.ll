; No gcnabi markers: the observer can only list incoming parts as one group.
define i32 @plain(i32 %x, i64 %y, i32 inreg %z) {
  %t = trunc i64 %y to i32
  %s = add i32 %x, %t
  %u = add i32 %s, %z
  ret i32 %u
}
