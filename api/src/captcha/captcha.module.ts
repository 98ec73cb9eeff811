import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CaptchaController } from './captcha.controller';
import { CaptchaService } from './captcha.service';
import { UsedCaptcha } from './used-captcha.entity';

@Module({
  imports: [TypeOrmModule.forFeature([UsedCaptcha])],
  controllers: [CaptchaController],
  providers: [CaptchaService],
  exports: [CaptchaService],
})
export class CaptchaModule {}
